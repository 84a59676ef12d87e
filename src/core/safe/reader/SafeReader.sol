// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

// Cairn's reader of a Safe: never deployed. An eth_call with no `to` runs this creation code with
// the Safe's address appended; the constructor reads the Safe and returns what it found as the
// call's answer. So everything Cairn checks of a Safe comes in one JSON-RPC call, on any node.
// A call the contract under test refuses (it is no Safe) leaves its answer empty, and `ok` false;
// an answer that cannot be decoded makes the whole call revert (readSafe: not a Safe).

interface ISafeView {
    function getOwners() external view returns (address[] memory);
    function getThreshold() external view returns (uint256);
    function nonce() external view returns (uint256);
    function VERSION() external view returns (string memory);
    function getModulesPaginated(address start, uint256 pageSize) external view returns (address[] memory, address);
    function getStorageAt(uint256 offset, uint256 length) external view returns (bytes memory);
}

contract SafeReader {
    struct Found {
        bool ok;
        bytes32 proxyCodeHash;
        address singleton;
        bytes32 singletonCodeHash;
        address[] owners;
        uint256 threshold;
        uint256 nonce;
        string version;
        address[] modules;
        address fallbackHandler;
        address guard;
    }

    address private constant SENTINEL = address(1);
    uint256 private constant FALLBACK_HANDLER_SLOT = 0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5;
    uint256 private constant GUARD_SLOT = 0x4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8;
    /** Each read may use at most this much gas: a contract posing as a Safe cannot make the call run long. */
    uint256 private constant READ_GAS = 200_000;

    constructor(ISafeView safe) {
        Found memory found;
        found.proxyCodeHash = address(safe).codehash;
        found.ok = address(safe).code.length > 0;
        if (found.ok) {
            // From the proxy's own code (Safe's proxies answer masterCopy() themselves), never
            // through the singleton, whose code is what is being checked.
            found.singleton = _masterCopy(address(safe));
            found.singletonCodeHash = found.singleton.codehash;
            found.fallbackHandler = address(uint160(uint256(_slot(safe, FALLBACK_HANDLER_SLOT))));
            found.guard = address(uint160(uint256(_slot(safe, GUARD_SLOT))));
            try safe.getOwners{gas: READ_GAS}() returns (address[] memory owners) {
                found.owners = owners;
            } catch {
                found.ok = false;
            }
            try safe.getThreshold{gas: READ_GAS}() returns (uint256 threshold) {
                found.threshold = threshold;
            } catch {
                found.ok = false;
            }
            try safe.nonce{gas: READ_GAS}() returns (uint256 n) {
                found.nonce = n;
            } catch {
                found.ok = false;
            }
            try safe.VERSION{gas: READ_GAS}() returns (string memory version) {
                found.version = version;
            } catch {
                found.ok = false;
            }
            try safe.getModulesPaginated{gas: READ_GAS}(SENTINEL, 50) returns (address[] memory modules, address) {
                found.modules = modules;
            } catch {}
        }
        bytes memory answer = abi.encode(found);
        assembly {
            return(add(answer, 32), mload(answer))
        }
    }

    function _masterCopy(address safe) private view returns (address singleton) {
        (bool ok, bytes memory data) = safe.staticcall{gas: READ_GAS}(abi.encodeWithSelector(0xa619486e));
        if (ok && data.length == 32) singleton = abi.decode(data, (address));
    }

    function _slot(ISafeView safe, uint256 slot) private view returns (bytes32 word) {
        try safe.getStorageAt{gas: READ_GAS}(slot, 1) returns (bytes memory data) {
            if (data.length == 32) word = abi.decode(data, (bytes32));
        } catch {}
    }
}
