import ComingSoon from '../../app/coming-soon';

/** /admin/recruiter-requests */
export default function Screen() {
  return <ComingSoon title="Recruiter Requests" />;
}
