import type { Locale } from '@portal/shared/constants';
import { TIME_ZONE } from '@portal/shared/constants';
import type { TForecastDay } from '@portal/shared/schemas/reports';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { dateTimeFormat, formatDate, formatMoney, formatNumber, intlLocale } from '../../../lib/format';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';

export type ForecastChartProps = {
  days: TForecastDay[];
  /** The first day below zero, marked on the chart (the card says it in words). */
  negativeOn: string | null;
  lang: Locale;
  /** In px; the card reserves the same before the chart arrives. */
  height: number;
  labels: { collections: string; payouts: string; cash: string; negative: string };
};

const IN = '#0b6e4f';
const OUT = '#c2410c';
const CASH = '#1d4ed8';
const NEGATIVE = '#b91c1c';
/** The muted text colour of the app (5.5:1 on white). */
const AXIS_TEXT = '#5b6473';
/** A date every two weeks on a desk, every three on a phone: the labels never touch. */
const TICK_EVERY = { desk: 14, phone: 21 };

type TickProps = { x?: number | string; y?: number | string; payload?: { value?: unknown } };

/**
 * The word on the first day below zero, on the side of the days that follow it (left of the line in
 * Arabic, where the days run leftwards; right of it in English), so it never sits on the axis.
 */
function NegativeLabel({ text, rtl, viewBox }: { text: string; rtl: boolean; viewBox?: { x?: number; y?: number } }) {
  return (
    <text
      x={(viewBox?.x ?? 0) + (rtl ? -6 : 6)}
      y={(viewBox?.y ?? 0) + 14}
      textAnchor={rtl ? 'end' : 'start'}
      fill={NEGATIVE}
      fontSize={12}
      fontWeight={600}
      className="forecast-negative-label"
    >
      {text}
    </text>
  );
}

/**
 * The forecast as a chart, in its own chunk (recharts, ~90 KB, downloads with the first forecast
 * that is drawn — DESIGN §5): each day's expected collections up, payouts due down, and the
 * running cash position as a line, with zero and the first day below zero marked.
 *
 * recharts does not mirror by itself (STACK.md): in Arabic the days run from the right (the x axis
 * reversed) and the amounts stand on the right. The drawing is laid out left to right (`dir="ltr"`)
 * so anchors mean what they say. It is hidden from screen readers: the card gives the same figures
 * in words and as a table.
 */
export default function ForecastChart({ days, negativeOn, lang, height, labels }: ForecastChartProps) {
  const rtl = lang === 'ar';
  const short = dateTimeFormat(intlLocale(lang), { timeZone: TIME_ZONE, day: 'numeric', month: 'short' });
  const dayLabel = (date: string) => short.format(new Date(`${date}T12:00:00Z`));
  const compact = (value: number) => formatNumber(value, lang, { notation: 'compact', maximumFractionDigits: 1 });
  const data = days.map((d) => ({ date: d.date, collections: d.collections, payouts: -d.payouts, cash: d.cash }));
  const every = useMediaQuery(PHONE_QUERY) ? TICK_EVERY.phone : TICK_EVERY.desk;
  const ticks = days.filter((_, i) => i % every === 0).map((d) => d.date);
  function DateTick({ x = 0, y = 0, payload }: TickProps) {
    return (
      <text x={x} y={y} dy={14} textAnchor="middle" fontSize={12} fill={AXIS_TEXT} className="forecast-date-tick">
        {dayLabel(String(payload?.value ?? ''))}
      </text>
    );
  }
  // The key in the page's own direction (outside the left-to-right drawing), colours named in words.
  const key = [
    { name: labels.collections, color: IN, shape: 'bar' },
    { name: labels.payouts, color: OUT, shape: 'bar' },
    { name: labels.cash, color: CASH, shape: 'line' },
  ];
  return (
    <div className="forecast-chart">
      <ul className="forecast-legend">
        {key.map((item) => (
          <li key={item.name}>
            <span className={`forecast-swatch forecast-swatch-${item.shape}`} style={{ background: item.color }} />
            {item.name}
          </li>
        ))}
      </ul>
      <div dir="ltr" className="forecast-canvas" aria-hidden="true" data-testid="forecast-chart">
        <ResponsiveContainer width="100%" height={height}>
          <ComposedChart
            data={data}
            margin={{ top: 16, right: 8, bottom: 0, left: 8 }}
            stackOffset="sign"
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="date" reversed={rtl} tick={DateTick} ticks={ticks} interval={0} height={30} />
            <YAxis
              orientation={rtl ? 'right' : 'left'}
              tickFormatter={compact}
              width={56}
              tick={{ fontSize: 12, fill: AXIS_TEXT }}
            />
            <Tooltip
              labelFormatter={(date) => formatDate(String(date), lang)}
              formatter={(value, name) => [formatMoney(Math.abs(Number(value)), lang), String(name)]}
              contentStyle={{ direction: rtl ? 'rtl' : 'ltr', textAlign: 'start' }}
            />
            <ReferenceLine y={0} stroke={AXIS_TEXT} />
            {negativeOn && (
              <ReferenceLine
                x={negativeOn}
                stroke={NEGATIVE}
                strokeWidth={2}
                strokeDasharray="6 3"
                label={<NegativeLabel text={labels.negative} rtl={rtl} />}
                className="forecast-negative-marker"
              />
            )}
            <Bar dataKey="collections" name={labels.collections} fill={IN} stackId="flow" maxBarSize={10} />
            <Bar dataKey="payouts" name={labels.payouts} fill={OUT} stackId="flow" maxBarSize={10} />
            <Line
              dataKey="cash"
              name={labels.cash}
              type="stepAfter"
              stroke={CASH}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
