import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatRatio } from '../lib/report-format';

export interface OccupancyBar {
  label: string;
  /** 0–1. */
  occupancy: number;
}

/**
 * Occupancy per period as bars (the reports screen and the dashboard). It imports the chart library: load it with
 * `import()` or from a lazy screen only. The chart is one image to assistive technology, named by `summary`.
 */
export default function OccupancyChart({ bars, summary, name, language, height = 240 }: { bars: OccupancyBar[]; summary: string; name: string; language: string; height?: number }) {
  const percent = (value: unknown) => (typeof value === 'number' ? formatRatio(value, language) : '');
  return (
    <div role="img" aria-label={summary} data-testid="occupancy-chart">
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
        <BarChart data={bars} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis domain={[0, 1]} tickFormatter={percent} tick={{ fontSize: 12 }} width={52} />
          <Tooltip formatter={percent} />
          <Bar dataKey="occupancy" name={name} fill="var(--color-brand-600)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
