import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';

/** One figure with its title; used by the progress page and the dashboard. */
export function StatCard({ title, value, suffix, icon }: { title: string; value: string | number; suffix?: string; icon?: ReactNode }) {
  return (
    <Card style={{ height: '100%' }} data-testid="stat-card">
      <Statistic title={title} value={value} suffix={suffix} prefix={icon} />
    </Card>
  );
}
