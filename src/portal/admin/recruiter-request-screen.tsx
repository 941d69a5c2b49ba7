import ComingSoon from '../../app/coming-soon';

/** /admin/recruiter-requests/:id */
export default function Screen() {
  return <ComingSoon title="Recruiter Request" />;
}
