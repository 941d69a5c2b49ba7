import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from '../ui/island';
import { changedFields, isField, renderedValue, typedInto, type Field } from '../ui/field-state';
import type { IslandModule } from './island-map';
import { loadLocale } from '../content/load-locale';
import { splitLocale } from '../shared/locales';

/**
 * Records the last text a visitor gave each field of the island, from before React hydrates it until React holds it:
 * what was typed while the code was on its way, and every key pressed while React hydrated, which React may not see
 * (the field is not yet its own) and may then set back to what it rendered.
 */
function watchTyping(island: HTMLElement) {
  const typed = new Map<Field, string>();
  for (const field of changedFields(island)) typed.set(field, field.value);
  const record = (event: Event) => {
    if (isField(event.target) && typedInto(event.target)) typed.set(event.target, event.target.value);
  };
  island.addEventListener('input', record, true);
  island.addEventListener('change', record, true);
  return () => {
    island.removeEventListener('input', record, true);
    island.removeEventListener('change', record, true);
    return typed;
  };
}

/**
 * Hands the visitor's text to React as if typed now, where React does not hold it already: the field goes back to
 * what React rendered (through React's own value setter, so it knows), then the text is put back and announced.
 */
function replay(typed: Map<Field, string>) {
  for (const [field, value] of typed) {
    const held = field.value === value && renderedValue(field) === value;
    if (!field.isConnected || held) continue;
    const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
    field.value = field instanceof HTMLSelectElement ? '' : field.defaultValue;
    native?.set?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}

/** Hydrates an island's markup in place with its component; resolves once it has. Nothing typed meanwhile is lost. */
export async function hydrateIsland(island: HTMLElement, module: IslandModule, props: object, path: string): Promise<void> {
  // The page's own words, as its HTML was rendered with: the island then hydrates with the same.
  await Promise.all([module.prepare?.(props), loadLocale(splitLocale(path).locale)]);
  const stopWatching = watchTyping(island);
  await new Promise<void>((resolve) => {
    // As a transition, React hydrates in slices of a few milliseconds and lets the browser answer input in between,
    // instead of in one long task on a slow phone.
    startTransition(() => {
      hydrateRoot(island, <IslandRoot component={module.component} props={props} path={path} onHydrated={resolve} />, {
        identifierPrefix: island.dataset.id,
      });
    });
  });
  replay(stopWatching());
}
