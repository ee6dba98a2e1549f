import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { useI18n } from '../lib/i18n';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface DayVolume {
  day: string;
  received: number;
  paidOut: number;
}

/** Daily received vs paid-out volume (cents), with a table for screen readers. */
export function VolumeChart({ days }: { days: DayVolume[] }) {
  const { t, money, locale } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: days.map((d) => d.day),
        datasets: [
          { label: t('received'), data: days.map((d) => d.received / 100), backgroundColor: '#0a7d55' },
          { label: t('paidOut'), data: days.map((d) => d.paidOut / 100), backgroundColor: '#b3261e' },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { ticks: { callback: (v) => money(Number(v) * 100) } } },
        plugins: { tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${money(Math.round(Number(c.raw) * 100))}` } } },
      },
    });
    return () => chart.destroy();
  }, [days, t, money, locale]);
  return (
    <figure className="chart">
      <div className="chart-box">
        <canvas ref={canvas} role="img" aria-label={t('chartTitle')} />
      </div>
      <details>
        <summary>{t('details')}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('date')}</th>
              <th scope="col" className="num">
                {t('received')}
              </th>
              <th scope="col" className="num">
                {t('paidOut')}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td className="num">{money(d.received)}</td>
                <td className="num">{money(d.paidOut)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
