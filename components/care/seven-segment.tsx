/**
 * Text as a meter's seven-segment display shows it ("AAAAA", "dddd", "PLS_2nd"), drawn as SVG
 * on the server, so the cashier can match what the customer saw. Segments: a top, b upper
 * right, c lower right, d bottom, e lower left, f upper left, g middle.
 */
const SEGMENTS: Record<string, string> = {
  A: "abcefg",
  b: "cdefg",
  C: "adef",
  c: "deg",
  d: "bcdeg",
  E: "adefg",
  F: "aefg",
  H: "bcefg",
  J: "bcde",
  L: "def",
  n: "ceg",
  o: "cdeg",
  O: "abcdef",
  P: "abefg",
  r: "eg",
  S: "acdfg",
  t: "defg",
  U: "bcdef",
  u: "cde",
  "0": "abcdef",
  "1": "bc",
  "2": "abdeg",
  "3": "abcdg",
  "4": "bcfg",
  "5": "acdfg",
  "6": "acdefg",
  "7": "abc",
  "8": "abcdefg",
  "9": "abcdfg",
  _: "d",
  "-": "g",
  " ": "",
};

// One cell is 40 × 70 units; each segment a bar 6 units thick.
const BARS: Record<string, [number, number, number, number]> = {
  a: [8, 2, 24, 6],
  b: [32, 8, 6, 25],
  c: [32, 37, 6, 25],
  d: [8, 62, 24, 6],
  e: [2, 37, 6, 25],
  f: [2, 8, 6, 25],
  g: [8, 32, 24, 6],
};

export function SevenSegment({ text, height = 44 }: { text: string; height?: number }) {
  const chars = [...text];
  const width = chars.length * 44 + 4;
  return (
    <svg
      role="img"
      aria-label={`The meter shows ${text}`}
      data-seven-segment={text}
      viewBox={`0 0 ${width} 74`}
      height={height}
      width={(height * width) / 74}
      className="rounded bg-[#c7d6b0]"
    >
      {chars.map((ch, i) => {
        const lit = SEGMENTS[ch] ?? SEGMENTS[ch.toUpperCase()] ?? "";
        return (
          <g key={i} transform={`translate(${4 + i * 44} 2) skewX(-6)`}>
            {Object.entries(BARS).map(([name, [x, y, w, h]]) => (
              <rect
                key={name}
                x={x}
                y={y}
                width={w}
                height={h}
                rx={2}
                fill={lit.includes(name) ? "#1f2a16" : "#b3c39c"}
              />
            ))}
          </g>
        );
      })}
    </svg>
  );
}
