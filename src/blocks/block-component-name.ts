/**
 * The name a block type's component is exported under from src/blocks/<type>/<type>-block.tsx: the type in
 * PascalCase and "Block" (team-members: TeamMembersBlock). npm run generate lists island blocks' code by it.
 */
export const blockComponentName = (type: string) =>
  `${type.replace(/(^|-)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase())}Block`;
