import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from '../ui/island';
import type { IslandModule } from './island-map';

/** Text a visitor typed into a field before its island hydrated: React's state does not hold it yet. */
const typedFields = (island: HTMLElement) =>
  [...island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter(
    (field) => !['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(field.type) && field.value !== field.defaultValue,
  );

/**
 * Hands each typed text to React as if typed now: the field goes back to what React rendered (through React's own
 * value setter, so it knows), then the text is put back underneath it and announced with an input event.
 */
function replayTyped(fields: (HTMLInputElement | HTMLTextAreaElement)[]) {
  for (const field of fields) {
    const typed = field.value;
    const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
    field.value = field.defaultValue;
    native?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Hydrates an island's markup in place with its component; resolves once it has. */
export async function hydrateIsland(island: HTMLElement, module: IslandModule, props: object, path: string): Promise<void> {
  await module.prepare?.(props);
  await new Promise<void>((resolve) => {
    hydrateRoot(island, <IslandRoot component={module.component} props={props} path={path} onHydrated={resolve} />, {
      identifierPrefix: island.dataset.id,
    });
  });
  replayTyped(typedFields(island));
}
