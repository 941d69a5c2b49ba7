import ComingSoon from '../../app/coming-soon';

/** /admin/users */
export default function Screen() {
  return <ComingSoon title="Users" />;
}
