/** Up to two capital letters standing for a person where there is no photo: "Asha Rao Menon" gives "AR". */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
