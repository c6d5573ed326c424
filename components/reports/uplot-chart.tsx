"use client";

import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/**
 * One chart of an office report, drawn with uPlot: a canvas chart of about 20 KiB gzipped
 * (recharts brings React-rendered SVG and d3 pieces at several times that), loaded only by
 * office pages, never by a till page. The canvas is hidden from screen readers: every chart
 * stands above a table of the same figures.
 */
export interface ChartSeries {
  label: string;
  /** Rands per point (a chart shows rands; the table beside it has the cents). */
  values: number[];
  colour: string;
}

export function UplotChart({
  title,
  labels,
  series,
  kind = "bars",
}: {
  title: string;
  /** One label per point along the bottom: days, hours, kinds. */
  labels: string[];
  series: ChartSeries[];
  kind?: "bars" | "line";
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const plot = new uPlot(
      {
        width: Math.max(300, element.clientWidth),
        height: 220,
        // One slot per label, whole steps only: a label is never repeated between two ticks.
        scales: { x: { time: false, range: () => [-0.5, labels.length - 0.5] } },
        axes: [
          {
            values: (_u, ticks) => ticks.map((t) => labels[t] ?? ""),
            incrs: [1, 2, 3, 4, 6, 12],
            space: 40,
          },
          {
            values: (_u, ticks) => ticks.map((t) => `R ${Math.round(t).toLocaleString("en-ZA")}`),
            size: 80,
          },
        ],
        // The legend is drawn in HTML beside the chart (uPlot's would name the x values "Value").
        legend: { show: false },
        series: [
          { label: "" },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.colour,
            fill: kind === "bars" ? `${s.colour}99` : undefined,
            width: kind === "bars" ? 0 : 2,
            paths: kind === "bars" ? bars : undefined,
            points: { show: kind === "line" && labels.length < 40 },
          })),
        ],
      },
      [labels.map((_, i) => i), ...series.map((s) => s.values)],
      element,
    );
    const resize = () => plot.setSize({ width: Math.max(300, element.clientWidth), height: 220 });
    window.addEventListener("resize", resize);
    return () => {
      window.removeEventListener("resize", resize);
      plot.destroy();
    };
  }, [labels, series, kind]);
  return (
    <div aria-hidden="true">
      <div ref={box} title={title} className="w-full overflow-hidden" />
      {series.length > 1 && (
        <p className="flex gap-4 text-sm text-slate-700">
          {series.map((s) => (
            <span key={s.label} className="flex items-center gap-1">
              <span className="inline-block h-3 w-3 rounded-sm" style={{ background: s.colour }} />
              {s.label}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
