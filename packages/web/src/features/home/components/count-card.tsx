import type { ReactNode } from 'react';
import { Card, Skeleton } from 'antd';
import { Link } from 'react-router';

type Props = {
  testId: string;
  title: string;
  icon: ReactNode;
  color: string;
  /** undefined while unknown (loading, failed, not allowed) */
  count: number | undefined;
  loading: boolean;
  /** the screen it opens, or null: then the card is not a link */
  to: string | null;
};

/** One home card: its count and name, a link only when its screen can be opened. */
export function CountCard({ testId, title, icon, color, count, loading, to }: Props) {
  const card = (
    <Card className={to ? 'home-card home-card-link' : 'home-card'} hoverable={Boolean(to)} data-testid={testId}>
      <div className="home-card-icon" style={{ color, background: `${color}1a` }}>
        {icon}
      </div>
      <div className="home-card-count" data-testid={`${testId}-count`}>
        {loading ? <Skeleton.Button active size="small" /> : (count ?? '–')}
      </div>
      <div className="home-card-title">{title}</div>
    </Card>
  );
  return to ? (
    <Link to={to} className="home-card-anchor">
      {card}
    </Link>
  ) : (
    card
  );
}
