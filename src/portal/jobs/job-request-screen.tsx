import ComingSoon from '../../app/coming-soon';

/** /job-request-details/:id */
export default function Screen() {
  return <ComingSoon title="Job Request" />;
}
