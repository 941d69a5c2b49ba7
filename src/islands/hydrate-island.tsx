import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from '../ui/island';
import type { IslandModule } from './island-map';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const untyped = ['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image'];

/** What a field shows that is not what the server rendered: a visitor typed or chose it before the island hydrated. */
function changedValue(field: Field): string | undefined {
  if (field instanceof HTMLSelectElement) {
    const rendered = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
    return field.value !== (rendered?.value ?? '') ? field.value : undefined;
  }
  if (untyped.includes(field.type)) return undefined;
  return field.value !== field.defaultValue ? field.value : undefined;
}

function changedFields(island: HTMLElement): Map<Field, string> {
  const changed = new Map<Field, string>();
  for (const field of island.querySelectorAll<Field>('input, textarea, select')) {
    const value = changedValue(field);
    if (value !== undefined) changed.set(field, value);
  }
  return changed;
}

/**
 * Hands what a visitor typed before hydration to React as if typed now: the field goes back to what React rendered
 * (through React's own value setter, so it knows), then the text is put back underneath it and announced.
 */
function replay(changed: Map<Field, string>) {
  for (const [field, value] of changed) {
    if (!field.isConnected) continue;
    const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
    field.value = field instanceof HTMLSelectElement ? '' : field.defaultValue;
    native?.set?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}

/** Hydrates an island's markup in place with its component; resolves once it has. Nothing typed meanwhile is lost. */
export async function hydrateIsland(island: HTMLElement, module: IslandModule, props: object, path: string): Promise<void> {
  await module.prepare?.(props);
  const before = changedFields(island);
  await new Promise<void>((resolve) => {
    // As a transition, React hydrates in slices of a few milliseconds and lets the browser answer input in between,
    // instead of in one long task on a slow phone.
    startTransition(() => {
      hydrateRoot(island, <IslandRoot component={module.component} props={props} path={path} onHydrated={resolve} />, {
        identifierPrefix: island.dataset.id,
      });
    });
  });
  // Typed while React hydrated, or kept by it: the field's text now; else what it held before React set it back.
  const now = changedFields(island);
  for (const [field, value] of before) if (!now.has(field)) now.set(field, value);
  replay(now);
}
