import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

// A bar chart drawn by Chart.js (only the parts a bar chart needs, so the reports chunk stays small). The
// canvas is an image with an accessible name; the figures themselves are in the table beside each chart.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface Series {
  label: string;
  values: number[];
  color: string;
}

export function BarChart({ name, labels, series, horizontal = false, stacked = false }: {
  name: string;
  labels: string[];
  series: Series[];
  horizontal?: boolean;
  stacked?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.color, borderRadius: 3 })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: reduced ? false : { duration: 300 },
        plugins: { legend: { display: series.length > 1, position: 'bottom' } },
        scales: {
          x: { stacked, ...(horizontal ? { beginAtZero: true, ticks: { precision: 0 } } : {}) },
          y: { stacked, ...(horizontal ? {} : { beginAtZero: true, ticks: { precision: 0 } }) },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series, horizontal, stacked]);

  return (
    <div className="relative h-72 w-full min-w-0">
      <canvas ref={canvas} role="img" aria-label={name} />
    </div>
  );
}
