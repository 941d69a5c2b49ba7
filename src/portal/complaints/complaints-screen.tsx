import ComingSoon from '../../app/coming-soon';

/** /admin/compliants */
export default function Screen() {
  return <ComingSoon title="Complaints" />;
}
