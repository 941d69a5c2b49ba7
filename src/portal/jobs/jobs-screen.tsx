import ComingSoon from '../../app/coming-soon';

/** /jobs */
export default function Screen() {
  return <ComingSoon title="Jobs" />;
}
