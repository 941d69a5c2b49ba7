import ComingSoon from '../../app/coming-soon';

/** /admin */
export default function Screen() {
  return <ComingSoon title="Admin" />;
}
