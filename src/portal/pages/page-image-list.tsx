import { useMemo } from 'react';
import { IMAGE_LIST_ID } from './image-field';
import { usePageImages } from './page-queries';

/** The images every image field offers: uploaded ones first (newest first, with their size), then the files of public/. */
export function PageImageList() {
  const images = usePageImages();
  const options = useMemo(() => {
    const uploads = (images.data?.uploads ?? []).map((i) => ({ src: i.path, label: `${i.name}, ${i.width} × ${i.height}, uploaded` }));
    const uploaded = new Set(uploads.map((i) => i.src));
    return [...uploads, ...(images.data?.images ?? []).filter((src) => !uploaded.has(src)).map((src) => ({ src, label: src }))];
  }, [images.data]);
  return (
    <datalist id={IMAGE_LIST_ID}>
      {options.map(({ src, label }) => (
        <option key={src} value={src} label={label} />
      ))}
    </datalist>
  );
}
