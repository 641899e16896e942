/**
 * What the engine evaluates with, as the options set it: the net (EvalFile; the
 * embedded one by default), whether it is used (Use NNUE), and the hand-crafted
 * evaluation's weights (EvalPreset, EvalParams: a preset or a JSON parameter file).
 * Each setter either takes the new value or returns the one-line reason it refused
 * it, changing nothing; the engine rebuilds its searcher and tells the helpers.
 */
import { isPresetName, paramsFromJson, presetParams, type EvalParams } from '@tempo-chess/eval';
import { DEFAULT_NET_NAME, type NetWeights } from '@tempo-chess/nnue';
import type { ToHelper } from './helpers';
import { defaultNet, isDefaultNet, loadNet } from './net';
import type { EnginePlatform } from './platform';
import { USE_NNUE_DEFAULT } from './options';

export class EvalChoice {
  preset = 'default';
  /** EvalParams' JSON parameter file, or '' for the preset. */
  paramFile = '';
  /** The text of paramFile as read when it was set (helpers get the text, not the path). */
  private json: string | null = null;
  params: EvalParams = presetParams('default');
  /**
   * The net EvalFile names and that name; null for the embedded net until a search or
   * `eval` needs it (decoding it costs start-up ~15 ms, spent only when Use NNUE is on).
   */
  private net: NetWeights | null = null;
  private netName = DEFAULT_NET_NAME;
  useNnue = USE_NNUE_DEFAULT;

  constructor(private readonly platform: EnginePlatform) {}

  /** The net the searches use: EvalFile's with Use NNUE on, else none (the hand-crafted evaluation). */
  get activeNet(): NetWeights | null {
    return this.useNnue ? (this.net ??= defaultNet()) : null;
  }

  /** The helpers' message for the current evaluation (a shared net is shared, not copied). */
  helperMessage(): ToHelper {
    return { type: 'eval', preset: this.preset, json: this.json, net: this.activeNet };
  }

  /**
   * EvalFile: the embedded net (its name, `<default>` or nothing) or a net file read
   * through the platform. A file that cannot be read or is not a whole, intact net of
   * this format is refused with a line naming it, and the current net is kept.
   */
  setNet(value: string): string | null {
    try {
      this.net = isDefaultNet(value) ? null : loadNet(value, this.platform);
    } catch (e) {
      return `setoption: EvalFile "${value.trim()}": ${(e as Error).message}; keeping the net ${this.netName}`;
    }
    this.netName = isDefaultNet(value) ? DEFAULT_NET_NAME : value.trim();
    return null;
  }

  /**
   * The hand-crafted evaluation's weights: a preset (`default`, `handset` or
   * `pesto-only`), or a JSON parameter file (read here, parsed by the evaluation) when
   * `file` is not empty. A file that cannot be read or parsed changes nothing.
   */
  setParams(preset: string, file: string): string | null {
    const path = file.trim() === '<empty>' ? '' : file.trim();
    let params: EvalParams;
    let json: string | null = null;
    try {
      if (path && !this.platform.readTextFile) throw new Error('this platform cannot read files');
      json = path ? this.platform.readTextFile!(path) : null;
      params = json !== null ? paramsFromJson(json) : presetParams(isPresetName(preset) ? preset : 'default');
    } catch (e) {
      return `setoption: eval parameter file "${path}": ${(e as Error).message}; the evaluation is unchanged`;
    }
    this.preset = preset;
    this.paramFile = path;
    this.json = json;
    this.params = params;
    return null;
  }
}
