import ComingSoon from '../../app/coming-soon';

/** /view-forms */
export default function Screen() {
  return <ComingSoon title="Submitted Forms" />;
}
