import ComingSoon from '../../app/coming-soon';

/** /bde-portal */
export default function Screen() {
  return <ComingSoon title="BDE Portal" />;
}
