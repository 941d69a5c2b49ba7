import ComingSoon from '../../app/coming-soon';

/** /admin/compliants/:id */
export default function Screen() {
  return <ComingSoon title="Complaint" />;
}
