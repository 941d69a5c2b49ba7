import ComingSoon from '../../app/coming-soon';

/** /blogs */
export default function Screen() {
  return <ComingSoon title="Blogs" />;
}
