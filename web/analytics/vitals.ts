import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';

// Field data (docs/decisions/0009-first-paint-from-html.md): Core Web Vitals measured in visitors' browsers
// with the web-vitals library (its standard build, no attribution), sent as analytics events named LCP,
// INP and CLS. Loaded by web/analytics/analytics.ts only when an analytics id is configured.
function send({ name, value, delta, id, rating }: Metric) {
  window.gtag?.('event', name, {
    // GA4 sums `value` per event: the delta, in ms (CLS in thousandths).
    value: Math.round(name === 'CLS' ? delta * 1000 : delta),
    metric_id: id,
    metric_value: value,
    metric_delta: delta,
    metric_rating: rating,
    non_interaction: true,
  });
}

export function reportWebVitals() {
  onLCP(send);
  onINP(send);
  onCLS(send);
}
