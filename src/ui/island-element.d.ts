import type { DetailedHTMLProps, HTMLAttributes } from 'react';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /** The wrapper of a public page's island (src/ui/island.tsx). */
      'hf-island': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Record<`data-${string}`, string | undefined>;
    }
  }
}
