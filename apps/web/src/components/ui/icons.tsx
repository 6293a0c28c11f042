/** Small inline SVG icons; decorative (aria-hidden) — the text next to them carries the meaning. */
export function CheckIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M6.2 11.6 2.6 8l1.2-1.2 2.4 2.4 6-6L13.4 4.4z" fill="currentColor" />
    </svg>
  );
}

export function CloseIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M3.7 2.3 8 6.6l4.3-4.3 1.4 1.4L9.4 8l4.3 4.3-1.4 1.4L8 9.4l-4.3 4.3-1.4-1.4L6.6 8 2.3 3.7z"
        fill="currentColor"
      />
    </svg>
  );
}

export function ChevronIcon({ className, direction = 'down' }: { className?: string; direction?: 'down' | 'left' | 'right' | 'up' }) {
  const rotate = { down: 0, left: 90, up: 180, right: 270 }[direction];
  return (
    <svg
      className={className}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      transform={`rotate(${rotate})`}
    >
      <path d="M3.4 5.6 8 10.2l4.6-4.6 1.1 1.1L8 12.4 2.3 6.7z" fill="currentColor" />
    </svg>
  );
}
