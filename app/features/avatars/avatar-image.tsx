/**
 * A member's avatar as a small cached image. The URL carries the look's version, so the
 * browser and any proxy keep it until the member saves a new look.
 */
export function AvatarImage({
  src,
  alt,
  size = 40,
  className = "",
  eager = false,
}: {
  src: string;
  alt: string;
  size?: number;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={`shrink-0 rounded-full border border-slate-200 bg-white dark:border-slate-700 ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
