// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// Cairn's preview of a transaction through a plain eth_call. A state override places this code
/// at the person's own address and the call goes from that address to itself, so the contract it
/// calls sees msg.sender (and tx.origin) = the person, as in the real transaction. It reads the
/// watched balances and approvals, makes the call, reads them again and returns everything.
/// Compiled into simulatorCode.ts (npm run generate:simulator); a test keeps the two in step.
contract Simulator {
    /// One reading: a word returned by `target` for `data` (a view call), or, when `data` is
    /// empty, the native balance of `target`. With `onlyIf` n > 0, the reading is made only when
    /// reading n - 1 (an earlier one) answered 1: an NFT's reads only when it says it is one.
    struct Read {
        address target;
        bytes data;
        uint256 onlyIf;
    }

    /// `ok` is false when the view call failed or returned less than a word.
    struct Reading {
        bool ok;
        uint256 value;
    }

    /// Gas given to each view call: enough for a balance read through a proxy, not for mischief.
    uint256 private constant READ_GAS = 50_000;
    /// Gas kept back for the readings after the call when the caller sets no limit.
    uint256 private constant RESERVE_PER_READ = 55_000;
    uint256 private constant RESERVE = 200_000;
    /// Gas the measurement itself spends around the call (stack work and the warm CALL), so that
    /// what is left is the called code's own; checked by the ETH-send integration test (21,000).
    uint256 private constant MEASURE_OVERHEAD = 100 + 42;
    /// CALL with value costs 9,000 and hands 2,300 to the callee; a top-level transaction does not.
    uint256 private constant VALUE_CALL_NET = 9_000 - 2_300;
    /// CALL with value to an empty account costs 25,000 more; a top-level transaction does not.
    uint256 private constant NEW_ACCOUNT = 25_000;
    /// CREATE costs 32,000 and 2 a word of init code: counted in the intrinsic cost instead.
    uint256 private constant CREATE_BASE = 32_000;

    modifier onlySelf() {
        // Called by anything else this address answers as an account without code would.
        if (msg.sender != address(this)) {
            assembly {
                return(0, 0)
            }
        }
        _;
    }

    /// What the call did: `gasUsed` is its own gas (without the intrinsic cost of a transaction).
    struct Outcome {
        bool success;
        /// The revert data when it failed (empty when it succeeded).
        bytes returnData;
        uint256 gasUsed;
        /// The contract made by a creation (zero for a call or a failed creation).
        address created;
        /// The size of the runtime code the creation left at `created` (0 for a call).
        uint256 codeSize;
    }

    /// Asked by a contract that checks a signature of this account the way it checks a contract's
    /// (EIP-1271), as Permit2 does once the signer has code, which here it has only because of
    /// the preview. The real account has no code, and the contract recovers the signer itself:
    /// so the answer is whether `signature` (65 bytes, or EIP-2098's 64) recovers to this address.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        bytes32 r;
        bytes32 s;
        uint8 v;
        if (signature.length == 65) {
            (r, s) = abi.decode(signature[:64], (bytes32, bytes32));
            v = uint8(signature[64]);
        } else if (signature.length == 64) {
            bytes32 vs;
            (r, vs) = abi.decode(signature, (bytes32, bytes32));
            s = vs & bytes32(uint256(type(int256).max));
            v = uint8(uint256(vs >> 255)) + 27;
        } else {
            return 0xffffffff;
        }
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == address(this) ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    /// Where `simulate` keeps its `delegate` for the calls this address receives while it runs (a
    /// slot of this account's storage no contract's own layout uses; the eth_call leaves nothing).
    bytes32 private constant DELEGATE_SLOT = keccak256("cairn.simulator.delegate");

    /// Previews a call (or, with `isCreate`, a creation with `data` as init code) of `value` to
    /// `target`. `gasLimit` 0 gives the call all gas but what the readings after it need.
    /// `delegate`, unless zero, is the EIP-7702 delegate whose code this account runs (the
    /// designator the account has, or gets from an authorization of the transaction): a call to
    /// this address, the transaction's own to itself included (a smart account's batch), runs that
    /// code here, as it will once mined, instead of doing nothing.
    function simulate(
        address target,
        uint256 value,
        bytes calldata data,
        uint256 gasLimit,
        bool isCreate,
        Read[] calldata reads,
        address delegate
    )
        external
        onlySelf
        returns (Outcome memory outcome, Reading[] memory readingsBefore, Reading[] memory readingsAfter)
    {
        if (delegate != address(0)) {
            bytes32 slot = DELEGATE_SLOT;
            assembly {
                sstore(slot, delegate)
            }
        }
        readingsBefore = _readUndone(reads);
        if (gasLimit == 0) gasLimit = gasleft() - RESERVE - reads.length * RESERVE_PER_READ;
        uint256 overhead = _overhead(target, value, data.length, isCreate);
        outcome = _execute(target, value, data, gasLimit, isCreate);
        outcome.gasUsed = outcome.gasUsed > overhead ? outcome.gasUsed - overhead : 0;
        readingsAfter = _read(reads);
    }

    /// One call of a batch, as a site's wallet_sendCalls gives it; with `isCreate`, a contract
    /// creation with `data` as its init code (`target` unused).
    struct Call {
        address target;
        uint256 value;
        bytes data;
        bool isCreate;
    }

    /// How many nonces the simulator steps its own on, at most, to reach the batch's first one.
    uint256 private constant NONCE_STEPS = 2;

    /// Previews `calls` made one after another, each seeing what the ones before it did, as
    /// separate transactions mined in order would; stops after the first that fails (Cairn would
    /// send no more). `outcomes` has one entry per call made, and so has `readingsAfter`: the
    /// readings after each call, since a state between two transactions (an approval granted,
    /// then withdrawn) can be acted on by others.
    /// `firstCreated`, unless zero, is where a creation with the batch's first nonce lands: the
    /// simulator first steps its own nonce (this account's) to that one, then uses one per call, so
    /// that each creation lands where its transaction would and a later call finds the contract.
    /// The caller sets the account's nonce one below (a node may count the eth_call's own).
    function simulateBatch(Call[] calldata calls, Read[] calldata reads, address firstCreated)
        external
        onlySelf
        returns (Outcome[] memory outcomes, Reading[] memory readingsBefore, Reading[][] memory readingsAfter)
    {
        readingsBefore = _readUndone(reads);
        if (firstCreated != address(0)) _stepNonceTo(firstCreated);
        outcomes = new Outcome[](calls.length);
        readingsAfter = new Reading[][](calls.length);
        uint256 made = 0;
        while (made < calls.length) {
            Call calldata next = calls[made];
            uint256 gasLimit = gasleft() - RESERVE - reads.length * RESERVE_PER_READ;
            uint256 overhead = _overhead(next.target, next.value, next.data.length, next.isCreate);
            Outcome memory outcome = _execute(next.target, next.value, next.data, gasLimit, next.isCreate);
            outcome.gasUsed = outcome.gasUsed > overhead ? outcome.gasUsed - overhead : 0;
            // A transaction's call uses a nonce too (a creation's own CREATE used one already).
            if (firstCreated != address(0) && !next.isCreate) _useNonce();
            outcomes[made] = outcome;
            readingsAfter[made++] = _read(reads);
            if (!outcome.success) break;
        }
        assembly {
            mstore(outcomes, made)
            mstore(readingsAfter, made)
        }
    }

    /// Uses up `NONCE_STEPS` nonces at most until a creation would land at `target`.
    function _stepNonceTo(address target) private {
        for (uint256 i = 0; i < NONCE_STEPS; i++) {
            if (_nextCreated() == target) return;
            _useNonce();
        }
    }

    /// Uses one nonce of this account: a creation whose init code reverts at once leaves nothing
    /// but the nonce it used (PUSH1 0 PUSH1 0 REVERT).
    function _useNonce() private {
        assembly {
            mstore(0, shl(216, 0x60006000fd))
            pop(create(0, 0, 5))
        }
    }

    /// Where a creation by this account would land now, found by a creation that is undone.
    function _nextCreated() private returns (address) {
        (bool ok, bytes memory answer) = address(this).call(abi.encodeCall(this.createAndUndo, ()));
        if (ok || answer.length != 32) return address(0);
        return abi.decode(answer, (address));
    }

    /// Creates an account without code and reverts with its address as the revert data.
    function createAndUndo() external onlySelf {
        assembly {
            mstore(0, create(0, 0, 0))
            revert(0, 32)
        }
    }

    /// The gas the measured step spends that a transaction would not, or would count elsewhere.
    function _overhead(address target, uint256 value, uint256 dataLength, bool isCreate)
        private
        view
        returns (uint256 overhead)
    {
        // Reading its code size warms the target, as a transaction's `to` is warm; its storage
        // stays cold.
        bool empty = target.code.length == 0 && target.balance == 0;
        overhead = MEASURE_OVERHEAD;
        if (isCreate) overhead += CREATE_BASE + ((dataLength + 31) / 32) * 2;
        else if (value > 0) overhead += VALUE_CALL_NET + (empty ? NEW_ACCOUNT : 0);
    }

    /// Makes the call and measures the gas it spends (`outcome.gasUsed`, overhead included).
    function _execute(address target, uint256 value, bytes calldata data, uint256 gasLimit, bool isCreate)
        private
        returns (Outcome memory outcome)
    {
        bytes memory payload = data;
        if (isCreate) {
            (outcome.created, outcome.gasUsed) = _create(value, payload);
            outcome.success = outcome.created != address(0);
            outcome.codeSize = outcome.created.code.length;
        } else {
            (outcome.success, outcome.gasUsed) = _call(target, value, payload, gasLimit);
        }
        // The revert data of the call (or of the init code), so a custom error decodes.
        if (!outcome.success) outcome.returnData = _returned();
    }

    function _call(address target, uint256 value, bytes memory payload, uint256 gasLimit)
        private
        returns (bool success, uint256 spent)
    {
        assembly {
            spent := gas()
            success := call(gasLimit, target, value, add(payload, 32), mload(payload), 0, 0)
            spent := sub(spent, gas())
        }
    }

    function _create(uint256 value, bytes memory payload) private returns (address created, uint256 spent) {
        assembly {
            spent := gas()
            created := create(value, add(payload, 32), mload(payload))
            spent := sub(spent, gas())
        }
    }

    /// What the last call returned.
    function _returned() private pure returns (bytes memory data) {
        uint256 size;
        assembly {
            size := returndatasize()
        }
        data = new bytes(size);
        assembly {
            returndatacopy(add(data, 32), 0, size)
        }
    }

    /// Reads in a call that is then undone, so that the addresses and storage slots it touched
    /// are cold again for the call being previewed (EIP-2929 undoes warmth with the frame).
    function _readUndone(Read[] calldata reads) private returns (Reading[] memory readings) {
        (bool ok, bytes memory answer) = address(this).call(abi.encodeCall(this.readAndUndo, (reads)));
        if (ok) revert();
        readings = abi.decode(answer, (Reading[]));
    }

    /// Reads and reverts with the readings as its revert data.
    function readAndUndo(Read[] calldata reads) external view onlySelf {
        bytes memory encoded = abi.encode(_read(reads));
        assembly {
            revert(add(encoded, 32), mload(encoded))
        }
    }

    function _read(Read[] calldata reads) private view returns (Reading[] memory readings) {
        readings = new Reading[](reads.length);
        for (uint256 i = 0; i < reads.length; i++) {
            address target = reads[i].target;
            bytes memory data = reads[i].data;
            if (data.length == 0) {
                readings[i] = Reading(true, target.balance);
                continue;
            }
            bool ok;
            uint256 word;
            uint256 onlyIf = reads[i].onlyIf;
            bool wanted = onlyIf == 0 || (readings[onlyIf - 1].ok && readings[onlyIf - 1].value == 1);
            // An account without code answers nothing: not worth a call frame.
            if (!wanted || target.code.length == 0) {
                readings[i] = Reading(false, 0);
                continue;
            }
            assembly {
                // Only the first word is copied: a token cannot flood memory with its answer.
                ok := staticcall(READ_GAS, target, add(data, 32), mload(data), 0, 32)
                ok := and(ok, gt(returndatasize(), 31))
                word := mload(0)
            }
            readings[i] = Reading(ok, ok ? word : 0);
        }
    }

    receive() external payable {
        _runDelegate();
    }

    fallback() external payable {
        _runDelegate();
    }

    /// A call this address receives runs the delegate's code here when `simulate` was given one
    /// (as the account's designator makes it run once mined); without one, it does nothing, as a
    /// call to an account without code does.
    function _runDelegate() private {
        bytes32 slot = DELEGATE_SLOT;
        address delegate;
        assembly {
            delegate := sload(slot)
        }
        if (delegate == address(0)) return;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), delegate, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }

    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC721Received.selector;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        pure
        returns (bytes4)
    {
        return this.onERC1155BatchReceived.selector;
    }
}
