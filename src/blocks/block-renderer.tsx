import type { ComponentType } from 'react';
import type { Block } from '../shared/generated/page-document';
import { Island } from '../ui/island';
import { islandBlocks } from './island-blocks';
import { blockComponents } from './registry';

const isIsland = (type: Block['type']): type is keyof typeof islandBlocks => Object.hasOwn(islandBlocks, type);

/** Renders a page's blocks top to bottom, each with the component its type names; blocks with behaviour as islands. */
export function BlockRenderer({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => {
        const Component = blockComponents[block.type] as ComponentType<Block>;
        const key = block.id ?? `${block.type}-${i}`;
        if (isIsland(block.type))
          return <Island key={key} name={block.type} component={Component} props={block} {...islandBlocks[block.type]} />;
        return <Component key={key} {...block} />;
      })}
    </>
  );
}
