// The swap form's own fields, as typed: slippage in percent (in the person's number format) and a
// deadline in minutes. Each refusal names the problem; nothing is rounded.

import { InputError } from '../errors/input';
import { msg } from '../i18n/message';
import { type DecimalFormat, DOT_DECIMALS, parseDecimal } from '../tx/amount';
import { checkSlippage } from './slippage';

/** Minutes a swap may wait to be mined before the router refuses it. */
export const DEFAULT_DEADLINE_MINUTES = 20n;
export const MAX_DEADLINE_MINUTES = 4_320n;

const notPercent = () => new InputError('INPUT_SLIPPAGE', msg('core.chain:swap.slippage.notPercent'));

/** A slippage typed in percent ("0.5", or "0,5" where a comma is the decimal sign) as basis points. */
export function parseSlippage(text: string, format: DecimalFormat = DOT_DECIMALS): bigint {
  let digits: { whole: string; fraction: string };
  try {
    digits = parseDecimal(text.replace(/%\s*$/, ''), format);
  } catch {
    throw notPercent();
  }
  if (digits.fraction.length > 2) throw new InputError('INPUT_SLIPPAGE', msg('core.chain:swap.slippage.tooPrecise'));
  const bps = BigInt(digits.whole || '0') * 100n + BigInt(digits.fraction.padEnd(2, '0') || '0');
  const check = checkSlippage(bps);
  if (check.kind === 'tooHigh')
    throw new InputError(
      'INPUT_SLIPPAGE',
      msg('core.chain:swap.slippage.tooHigh', { max: String(check.maxBps / 100n) }),
    );
  return bps;
}

/** A deadline typed in whole minutes, from 1 to three days. */
export function parseDeadlineMinutes(text: string): bigint {
  const trimmed = text.trim();
  const minutes = /^\d{1,6}$/.test(trimmed) ? BigInt(trimmed) : undefined;
  if (minutes === undefined || minutes < 1n || minutes > MAX_DEADLINE_MINUTES)
    throw new InputError(
      'INPUT_DEADLINE',
      msg('core.chain:swap.deadline.range', { max: Number(MAX_DEADLINE_MINUTES) }),
    );
  return minutes;
}
