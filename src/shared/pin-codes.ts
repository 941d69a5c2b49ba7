/**
 * The first two digits of the PIN codes of each state and union territory of India (India Post's postal circles), for
 * the check that an office's PIN code lies in the state its address names. A state not listed here is not checked.
 */
const PIN_PREFIXES: Record<string, readonly string[]> = {
  'andaman and nicobar islands': ['74'],
  'andhra pradesh': ['51', '52', '53'],
  'arunachal pradesh': ['79'],
  assam: ['78'],
  bihar: ['80', '81', '82', '83', '84', '85'],
  chandigarh: ['16'],
  chhattisgarh: ['46', '49'],
  'dadra and nagar haveli and daman and diu': ['39'],
  delhi: ['11'],
  goa: ['40'],
  gujarat: ['36', '37', '38', '39'],
  haryana: ['12', '13'],
  'himachal pradesh': ['17'],
  'jammu and kashmir': ['18', '19'],
  jharkhand: ['81', '82', '83', '84'],
  karnataka: ['56', '57', '58', '59'],
  kerala: ['67', '68', '69'],
  ladakh: ['19'],
  lakshadweep: ['68'],
  'madhya pradesh': ['45', '46', '47', '48'],
  maharashtra: ['40', '41', '42', '43', '44'],
  manipur: ['79'],
  meghalaya: ['79'],
  mizoram: ['79'],
  nagaland: ['79'],
  odisha: ['75', '76', '77'],
  puducherry: ['53', '60', '67'],
  punjab: ['14', '15', '16'],
  rajasthan: ['30', '31', '32', '33', '34'],
  sikkim: ['73'],
  'tamil nadu': ['60', '61', '62', '63', '64'],
  telangana: ['50'],
  tripura: ['79'],
  'uttar pradesh': ['20', '21', '22', '23', '24', '25', '26', '27', '28'],
  uttarakhand: ['24', '26'],
  'west bengal': ['70', '71', '72', '73', '74'],
};

const key = (state: string) =>
  state
    .trim()
    .toLowerCase()
    .replace(/\s*&\s*/g, ' and ')
    .replace(/\s+/g, ' ');

/** Why a PIN code cannot be in a state, in words; undefined when it can be, or the state is not known. */
export function pinStateMismatch(postalCode: string, state: string): string | undefined {
  const prefixes = PIN_PREFIXES[key(state)];
  if (!prefixes || prefixes.includes(postalCode.slice(0, 2))) return undefined;
  const starts = prefixes.length === 1 ? prefixes[0] : `${prefixes.slice(0, -1).join(', ')} or ${prefixes.at(-1)}`;
  return `the PIN code ${postalCode} is not in ${state.trim()}: PIN codes there start with ${starts}`;
}
