// Cairn's EVM (@ethereumjs/evm 10.1.3) walks a contract's whole code for its jump destinations at
// every call into it, and keeps the walk only for that call. A swap quote calls the same pools and
// quoters over and over: walking a pool's 22 KB each time was half of a quote's proven run. Here
// the walk is kept per EVM (its opcode table) and per code (the same bytes object a run's state
// gives for an account), so each contract is walked once per run. What the walk gives is only
// read, never written, by the interpreter.
import { createEVM, type ExecResult } from '@ethereumjs/evm';

type Interpreter = NonNullable<ExecResult['runState']>['interpreter'];
type Analysis = ReturnType<Interpreter['_getValidJumpDestinations']>;

let installing: Promise<boolean> | undefined;

/**
 * Keeps the interpreter's jump analysis per EVM and code, once for every EVM of this module.
 * Resolves false, changing nothing, when the interpreter has no such method (another version).
 */
export function cacheJumpAnalysis(): Promise<boolean> {
  installing ??= install();
  return installing;
}

async function install(): Promise<boolean> {
  // The interpreter's class is not exported: a run of one STOP gives an instance of it.
  const probe = await (await createEVM()).runCode({ code: new Uint8Array([0x00]) });
  const interpreter = probe.runState?.interpreter;
  if (!interpreter) return false;
  const prototype = Object.getPrototypeOf(interpreter) as Interpreter;
  const analyse = prototype._getValidJumpDestinations;
  if (typeof analyse !== 'function') return false;
  const kept = new WeakMap<object, WeakMap<Uint8Array, Analysis>>();
  prototype._getValidJumpDestinations = function keptAnalysis(this: Interpreter, code: Uint8Array): Analysis {
    let byCode = kept.get(this._evm);
    if (!byCode) {
      byCode = new WeakMap();
      kept.set(this._evm, byCode);
    }
    let analysis = byCode.get(code);
    if (!analysis) {
      analysis = analyse.call(this, code);
      byCode.set(code, analysis);
    }
    return analysis;
  };
  return true;
}
