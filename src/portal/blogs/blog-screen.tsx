import ComingSoon from '../../app/coming-soon';

/** /blogs/:blogTitle */
export default function Screen() {
  return <ComingSoon title="Blog" />;
}
