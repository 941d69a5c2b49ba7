import ComingSoon from '../../app/coming-soon';

/** /job-openings/:id */
export default function Screen() {
  return <ComingSoon title="Job Opening" />;
}
