import type { ReactNode } from 'react';
import { renderedOn } from './use-today';

interface SectionProps {
  id?: string;
  className: string;
  subheading?: string;
  heading?: string;
  intro?: string;
  /** For a block that shows something by the date: the day it decided by (see useToday). */
  day?: string;
  children: ReactNode;
}

/** The frame every content block sits in: an anchor, an optional heading and intro, the block's body. */
export function Section({ id, className, subheading, heading, intro, day, children }: SectionProps) {
  return (
    <section id={id} className={`block ${className}`} {...(day ? renderedOn(day) : {})}>
      <div className="container">
        {subheading || heading || intro ? (
          <header className="block-header">
            {subheading ? <p className="eyebrow">{subheading}</p> : null}
            {heading ? <h2>{heading}</h2> : null}
            {intro ? <p className="block-intro">{intro}</p> : null}
          </header>
        ) : null}
        {children}
      </div>
    </section>
  );
}
