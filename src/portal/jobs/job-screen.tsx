import ComingSoon from '../../app/coming-soon';

/** /jobs/:id */
export default function Screen() {
  return <ComingSoon title="Job" />;
}
