import type { Figure, JudgedFigure, Target } from './types';

export function judge(figure: Figure): JudgedFigure {
  return { ...figure, met: figure.target ? meets(figure.value, figure.target) : null };
}

export function meets(value: number, target: Target): boolean {
  switch (target.op) {
    case '<=':
      return value <= target.value;
    case '>=':
      return value >= target.value;
    case '==':
      return value === target.value;
  }
}

/**
 * How far a figure is from its target, as one number where 1 is the target and below 1 is
 * better: measured ÷ target for an upper bound, target ÷ measured for a lower bound. For
 * an exact count, measured ÷ target (1 exactly when met).
 */
export function shareOfTarget(value: number, target: Target): number {
  if (target.op === '>=') return value === 0 ? Number.POSITIVE_INFINITY : target.value / value;
  return target.value === 0 ? (value === 0 ? 1 : Number.POSITIVE_INFINITY) : value / target.value;
}
