import type { Locale } from '@portal/shared/constants';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../../lib/format';

/** One bar: a key of its own, its label (already formatted for the UI language) and its count. */
export type ChartBar = { key: string; label: string; value: number };

export type CountBarChartProps = {
  bars: ChartBar[];
  /** What the bars count ("Associations"), for the tooltip. */
  valueName: string;
  lang: Locale;
  /** In px; the card reserves the same before the chart arrives, so nothing shifts. */
  height: number;
  /** Long labels (association titles): shortened and slanted so they never overlap. */
  longLabels?: boolean;
};

const BRAND = '#0b6e4f';
const LABEL_MAX = 16;

/** The muted text colour of the app (5.5:1 on white). */
const AXIS_TEXT = '#5b6473';

const shorten = (label: string) => (label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX - 1)}…` : label);

type TickProps = { x?: number | string; y?: number | string; payload?: { value?: unknown } };

/**
 * A category label drawn whole on one line: recharts' own tick breaks a label into words to fit
 * the bar's width, which scatters a slanted title. Long labels are shortened and slanted away from
 * the bars (mirrored in Arabic), so each hangs from its own bar.
 */
function categoryTick(rtl: boolean, long: boolean) {
  return function CategoryTick({ x = 0, y = 0, payload }: TickProps) {
    const text = String(payload?.value ?? '');
    const angle = long ? (rtl ? 30 : -30) : 0;
    return (
      <text
        x={x}
        y={y}
        dy={long ? 6 : 14}
        textAnchor={long ? (rtl ? 'start' : 'end') : 'middle'}
        transform={angle ? `rotate(${angle} ${x} ${y})` : undefined}
        fontSize={12}
        fill={AXIS_TEXT}
        className="chart-category-tick"
      >
        {long ? shorten(text) : text}
      </text>
    );
  };
}

/**
 * A bar chart of counts (dashboard items 3 and 5, SPEC §2), in its own chunk: recharts (~90 KB)
 * downloads only once the dashboard has data to draw (DESIGN §5, STACK.md).
 *
 * recharts does not mirror by itself (STACK.md): in Arabic the category axis runs the other way,
 * so the first bar stands at the right, and the value axis stands on the right. The drawing itself
 * is laid out left to right (`dir="ltr"`), so text anchors mean what they say; Arabic labels still
 * read right to left inside each label. Numbers go through lib/format.ts (the UI's digits).
 * The drawing is hidden from screen readers: the card beside it carries the same figures as a table.
 */
export default function CountBarChart({ bars, valueName, lang, height, longLabels = false }: CountBarChartProps) {
  const rtl = lang === 'ar';
  const count = (value: number) => formatNumber(value, lang);
  return (
    <div dir="ltr" className="chart-canvas" aria-hidden="true" data-testid="count-bar-chart">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis
            dataKey="label"
            reversed={rtl}
            interval={0}
            height={longLabels ? 84 : 30}
            tick={categoryTick(rtl, longLabels)}
          />
          <YAxis
            orientation={rtl ? 'right' : 'left'}
            allowDecimals={false}
            tickFormatter={count}
            width={44}
            tick={{ fontSize: 12, fill: AXIS_TEXT }}
          />
          <Tooltip
            formatter={(value) => [count(Number(value)), valueName]}
            cursor={{ fill: 'rgba(11, 110, 79, 0.08)' }}
            contentStyle={{ direction: rtl ? 'rtl' : 'ltr', textAlign: 'start' }}
          />
          <Bar dataKey="value" name={valueName} fill={BRAND} radius={[4, 4, 0, 0]} maxBarSize={48} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
