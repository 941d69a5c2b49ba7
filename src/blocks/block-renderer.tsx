import type { ComponentType } from 'react';
import type { Block } from '../shared/generated/page-document';
import { blockComponents } from './registry';

/** Renders a page's blocks top to bottom, each with the component its type names. */
export function BlockRenderer({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => {
        const Component = blockComponents[block.type] as ComponentType<Block>;
        return <Component key={block.id ?? `${block.type}-${i}`} {...block} />;
      })}
    </>
  );
}
