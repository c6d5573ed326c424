/** An SVG drawn on the server (a barcode, a QR code), shown as one image with its name. */
export function SvgImage({
  svg,
  label,
  className,
}: {
  svg: string;
  label: string;
  className: string;
}) {
  return (
    <div
      role="img"
      aria-label={label}
      className={`${className} [&>svg]:h-auto [&>svg]:w-full`}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
