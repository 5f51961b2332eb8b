/**
 * A member's avatar as a small cached image. The URL carries the look's version, so the
 * browser and any proxy keep it until the member saves a new look. Its width and height
 * attributes reserve its place before it loads; a size class holds it there in a flex row
 * (where it would otherwise stretch), an inline style only for sizes without one.
 */
const SIZE_CLASSES: Record<number, string> = { 32: "avatar size-8", 40: "avatar size-10" };

export function AvatarImage({
  src,
  alt,
  size = 40,
  className = "",
  eager = false,
  imageRef,
  onError,
}: {
  src: string;
  alt: string;
  size?: number;
  className?: string;
  eager?: boolean;
  imageRef?: React.Ref<HTMLImageElement>;
  onError?: () => void;
}) {
  const sized = SIZE_CLASSES[size];
  const base = sized ?? "avatar";
  return (
    <img
      ref={imageRef}
      onError={onError}
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      className={className ? `${base} ${className}` : base}
      style={sized ? undefined : { width: size, height: size }}
    />
  );
}
