import ComingSoon from '../../app/coming-soon';

/** /add-blog */
export default function Screen() {
  return <ComingSoon title="Add Blog" />;
}
