import ComingSoon from '../../app/coming-soon';

/** /admin/team */
export default function Screen() {
  return <ComingSoon title="Team" />;
}
