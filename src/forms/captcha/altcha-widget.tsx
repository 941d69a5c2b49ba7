import { useEffect, useRef, useState } from 'react';

const CHALLENGE_URL = '/api/captcha/challenge';

interface AltchaWidgetProps {
  generation: number;
  onToken: (token: string | undefined) => void;
}

type StateDetail = { state?: string; payload?: string | null };

/**
 * The ALTCHA web component, created in an effect once its module has loaded (custom elements exist only in the
 * browser). The first widget starts solving when the visitor focuses the form; one that replaces a spent token
 * (a new generation) starts at once; one that replaces an expired challenge waits for the next focus again.
 */
export function AltchaWidget({ generation, onToken }: AltchaWidgetProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [renewal, setRenewal] = useState(0);
  const [broken, setBroken] = useState(false);
  const auto = useRef<'onfocus' | 'onload'>('onfocus');
  const seenGeneration = useRef(generation);

  useEffect(() => {
    const host = holder.current;
    if (!host) return;
    if (generation !== seenGeneration.current) {
      seenGeneration.current = generation;
      auto.current = 'onload';
    }
    let live = true;
    let widget: HTMLElement | undefined;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateDetail>).detail ?? {};
      if (live) onToken(state === 'verified' && payload ? payload : undefined);
    };
    const onExpired = () => {
      if (!live) return;
      onToken(undefined);
      auto.current = 'onfocus';
      setRenewal((r) => r + 1);
    };
    import('./load-altcha').then(
      () => {
        if (!live) return;
        widget = document.createElement('altcha-widget');
        widget.setAttribute('challenge', CHALLENGE_URL);
        // A visitor already typing in the form before the widget arrived would not focus it again: start now.
        const inUse = host.closest('form')?.contains(document.activeElement) ?? false;
        widget.setAttribute('auto', inUse ? 'onload' : auto.current);
        // No Sentinel here, so nothing would read the pointer-movement signature.
        widget.setAttribute('configuration', JSON.stringify({ humanInteractionSignature: false }));
        widget.addEventListener('statechange', onState);
        widget.addEventListener('expired', onExpired);
        host.replaceChildren(widget);
      },
      () => live && setBroken(true),
    );
    return () => {
      live = false;
      widget?.remove();
    };
    // onToken is stable (the field passes a ref-backed callback): only a new generation or renewal restarts.
  }, [generation, renewal, onToken]);

  return (
    <div className="captcha-altcha">
      <div ref={holder} />
      {broken ? <p className="form-hint">The captcha could not load. Please check your connection and reload the page.</p> : null}
    </div>
  );
}
