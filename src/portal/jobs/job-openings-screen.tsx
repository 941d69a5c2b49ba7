import ComingSoon from '../../app/coming-soon';

/** /job-openings */
export default function Screen() {
  return <ComingSoon title="Job Openings" />;
}
