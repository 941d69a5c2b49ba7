import type { ImageTextBlock as ImageTextProps } from '../../shared/generated/page-document';
import { CheckList } from '../shared/check-list';
import { ActionButton } from '../shared/action-button';
import { Picture } from '../shared/picture';

export function ImageTextBlock({ id, subheading, heading, paragraphs, bullets, image, imagePosition = 'right', button }: ImageTextProps) {
  return (
    <section id={id} className="block image-text">
      <div className={`container split split-image-${imagePosition}`}>
        <div>
          {subheading ? <p className="eyebrow">{subheading}</p> : null}
          <h2>{heading}</h2>
          {paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <CheckList items={bullets} />
          {button ? (
            <div className="button-row">
              <ActionButton button={button} />
            </div>
          ) : null}
        </div>
        <Picture image={image} className="split-image" />
      </div>
    </section>
  );
}
