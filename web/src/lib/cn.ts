import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. No tailwind-merge (9 KB gzip on every page): components therefore never
 * receive a class that fights one of their own; variants (cva) cover the real choices.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
