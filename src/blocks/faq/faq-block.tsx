import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import type { FaqBlock as FaqProps } from '../../shared/generated/page-document';
import { Section } from '../shared/section';
import type { IslandSchedule } from '../../ui/island';

/** An island: nothing changes until the visitor opens an answer. */
export const island: IslandSchedule = { when: 'idle', waitForVisitor: true };

/** An accordion with at most one answer open; clicking the open question closes it. Arrow keys move between questions. */
export function FaqBlock({ id, heading = 'Frequently Asked Questions', items }: FaqProps) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const last = items.length - 1;
    const target = { ArrowDown: i === last ? 0 : i + 1, ArrowUp: i === 0 ? last : i - 1, Home: 0, End: last }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <Section id={id} className="faq" heading={heading}>
      <div className="accordion">
        {items.map((item, i) => {
          const expanded = open === i;
          return (
            <div key={item.question} className={`accordion-item${expanded ? ' is-open' : ''}`}>
              <h3>
                <button
                  ref={(el) => {
                    buttons.current[i] = el;
                  }}
                  type="button"
                  id={`${baseId}-q${i}`}
                  aria-expanded={expanded}
                  aria-controls={`${baseId}-a${i}`}
                  onClick={() => setOpen(expanded ? null : i)}
                  onKeyDown={(e) => onKeyDown(e, i)}
                >
                  <span>{item.question}</span>
                  <ChevronDown size={20} aria-hidden="true" className="accordion-chevron" />
                </button>
              </h3>
              <div id={`${baseId}-a${i}`} role="region" aria-labelledby={`${baseId}-q${i}`} hidden={!expanded} className="accordion-panel">
                <p>{item.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
    </Section>
  );
}
