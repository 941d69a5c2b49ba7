import ComingSoon from '../../app/coming-soon';

/** /admin/candidates */
export default function Screen() {
  return <ComingSoon title="Candidates" />;
}
