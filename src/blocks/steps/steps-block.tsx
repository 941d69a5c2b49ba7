import type { StepsBlock as StepsProps } from '../../shared/generated/page-document';
import { Icon } from '../shared/icon';
import { Section } from '../shared/section';

export function StepsBlock({ id, heading, intro, layout = 'row', steps }: StepsProps) {
  return (
    <Section id={id} className={`steps steps-${layout}`} heading={heading} intro={intro}>
      <ol className="step-list">
        {steps.map((step, i) => (
          <li key={step.title} className="step">
            <span className="step-number" aria-hidden="true">
              {step.icon ? <Icon name={step.icon} size={22} /> : i + 1}
            </span>
            <div>
              <h3>
                <span className="visually-hidden">Step {i + 1}: </span>
                {step.title}
              </h3>
              {step.duration ? <p className="step-duration">{step.duration}</p> : null}
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}
