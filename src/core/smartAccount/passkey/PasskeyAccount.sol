// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

// The EIP-7702 delegate of Cairn's passkey account, composed from OpenZeppelin Contracts 5.7.0 (npm,
// audited): Account, MultiSignerERC7913 (any one of several passkeys, each checked by OpenZeppelin's
// ERC7913WebAuthnVerifier, P256 through the EIP-7951 precompile or OpenZeppelin's Solidity verifier
// where it is absent), ERC7821, EIP712, Nonces and Initializable. What is added here is only glue;
// docs/passkey-account.md says what was composed and why.
//
// - A passkey is an ERC-7913 signer: the WebAuthn verifier's address ‖ qx ‖ qy (84 bytes). Only
//   such signers, at the verifier this delegate was built with, are ever registered.
// - The threshold is 1, fixed: one registered passkey's assertion is enough; the last passkey
//   cannot be removed (OpenZeppelin refuses a threshold above the number of signers).
// - `initialize(signer, accountSignature)` registers the first passkey, once: called by the account
//   itself, or by anyone with the account's own ECDSA signature (its fresh EOA key's) of the EIP-712
//   Initialize(bytes signer). So the fresh key signs the EIP-7702 authorization and this, and is
//   wiped before anything is sent; the person's paying account sends both in one type-4 transaction.
// - `execute(mode, data)` in ERC-7821's batch mode with opData (0x01000000000078210001) runs a
//   batch sent by anyone, the person's paying account, when opData is the next nonce ‖
//   abi.encode(bytes[] signers, bytes[] signatures) (MultiSignerERC7913's format) and a registered
//   passkey signed the EIP-712 digest of Execute(bytes calls,uint256 nonce) (calls = abi.encode of
//   the batch; domain: this name and version, the chain, the account). The nonce is used up, so an
//   assertion runs once. The plain batch mode stays the account's own.
// - `addSigners`/`removeSigners` take effect only as the account's own calls: a signed batch
//   calling the account itself (or ERC-4337's EntryPoint, which Cairn does not use).

import {Account} from "@openzeppelin/contracts/account/Account.sol";
import {ERC7821} from "@openzeppelin/contracts/account/extensions/draft-ERC7821.sol";
import {CallType, ERC7579Utils, ExecType, Mode, ModeSelector} from "@openzeppelin/contracts/account/utils/draft-ERC7579Utils.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {MultiSignerERC7913} from "@openzeppelin/contracts/utils/cryptography/signers/MultiSignerERC7913.sol";

contract PasskeyAccount is Account, MultiSignerERC7913, ERC7821, EIP712, Nonces, Initializable {
    using ERC7579Utils for *;

    /// ERC-7821's mode selector of a batch that carries opData.
    ModeSelector private constant WITH_OP_DATA = ModeSelector.wrap(0x78210001);

    bytes32 private constant EXECUTE_TYPEHASH = keccak256("Execute(bytes calls,uint256 nonce)");
    bytes32 private constant INITIALIZE_TYPEHASH = keccak256("Initialize(bytes signer)");

    /// The delegate's own storage needs a signer (threshold 1): the first point of P-256 from
    /// x = keccak256("Cairn passkey account: a point whose key no one knows") upwards, with even y.
    /// Its discrete logarithm is unknown, so no one signs for it.
    bytes32 private constant NO_ONES_X = 0xa349e874aca341907c88a5da602833ad50318a8271cba0b9906119f6b959f0f8;
    bytes32 private constant NO_ONES_Y = 0x91c99af61c2a585a8a5cddd3e9599187755202e95487b91ffa290b5f66df0938;

    /// OpenZeppelin's ERC7913WebAuthnVerifier, placed by the deterministic deployer.
    address public immutable webAuthnVerifier;

    /// `signer` is not a passkey: the WebAuthn verifier's address followed by a 64-byte P-256 key.
    error PasskeyAccountNotAPasskey(bytes signer);

    constructor(address verifier) EIP712("Cairn passkey account", "1") MultiSignerERC7913(_noOnes(verifier), 1) {
        webAuthnVerifier = verifier;
        _disableInitializers();
    }

    /// Registers the first passkey, once: from the account itself, or with its own key's signature.
    function initialize(bytes calldata signer, bytes calldata accountSignature) external initializer {
        if (msg.sender != address(this)) {
            bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(INITIALIZE_TYPEHASH, keccak256(signer))));
            (address signed, ECDSA.RecoverError error, ) = ECDSA.tryRecover(digest, accountSignature);
            if (error != ECDSA.RecoverError.NoError || signed != address(this)) revert AccountUnauthorized(msg.sender);
        }
        bytes[] memory signers = new bytes[](1);
        signers[0] = signer;
        _addPasskeys(signers);
    }

    /// Registers further passkeys: the account's own call (a batch a registered passkey signed).
    function addSigners(bytes[] memory signers) external onlyEntryPointOrSelf {
        _addPasskeys(signers);
    }

    /// Removes passkeys, never the last one: the account's own call.
    function removeSigners(bytes[] memory signers) external onlyEntryPointOrSelf {
        _removeSigners(signers);
    }

    /// One passkey is enough, always. Fixed rather than stored, so an account whose registration
    /// failed (threshold 0 in its storage) accepts no empty set of signatures.
    function threshold() public pure override returns (uint64) {
        return 1;
    }

    /// The digest a passkey signs (its WebAuthn challenge) to run `calls` with `nonce`.
    function executeDigest(bytes memory calls, uint256 nonce) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(EXECUTE_TYPEHASH, keccak256(calls), nonce)));
    }

    /// @inheritdoc ERC7821
    function execute(bytes32 mode, bytes calldata executionData) public payable override {
        if (!_isBatchWithOpData(mode)) return super.execute(mode, executionData);
        // executionData = abi.encode(calls, opData): its first word points at the calls, as in a
        // plain batch, so ERC7579Utils decodes and runs them from it.
        bytes calldata opData = _opData(executionData);
        if (opData.length < 0x20) revert AccountUnauthorized(msg.sender);
        uint256 nonce = uint256(bytes32(opData[0x00:0x20]));
        _useCheckedNonce(address(this), nonce);
        bytes32 digest = executeDigest(abi.encode(executionData.decodeBatch()), nonce);
        if (!_rawSignatureValidation(digest, opData[0x20:])) revert AccountUnauthorized(msg.sender);
        executionData.execBatch(ERC7579Utils.EXECTYPE_DEFAULT);
    }

    /// @inheritdoc ERC7821
    function supportsExecutionMode(bytes32 mode) public view override returns (bool) {
        return super.supportsExecutionMode(mode) || _isBatchWithOpData(mode);
    }

    function _addPasskeys(bytes[] memory signers) private {
        for (uint256 i = 0; i < signers.length; ++i) {
            bytes memory signer = signers[i];
            if (signer.length != 84 || address(bytes20(signer)) != webAuthnVerifier) {
                revert PasskeyAccountNotAPasskey(signer);
            }
        }
        _addSigners(signers);
    }

    function _noOnes(address verifier) private pure returns (bytes[] memory signers) {
        signers = new bytes[](1);
        signers[0] = abi.encodePacked(verifier, NO_ONES_X, NO_ONES_Y);
    }

    function _isBatchWithOpData(bytes32 mode) private pure returns (bool) {
        (CallType callType, ExecType execType, ModeSelector selector, ) = Mode.wrap(mode).decodeMode();
        return
            callType == ERC7579Utils.CALLTYPE_BATCH &&
            execType == ERC7579Utils.EXECTYPE_DEFAULT &&
            selector == WITH_OP_DATA;
    }

    /// The second member of abi.encode(calls, opData); calldata slices revert when out of bounds.
    function _opData(bytes calldata executionData) private pure returns (bytes calldata) {
        uint256 offset = uint256(bytes32(executionData[0x20:0x40]));
        uint256 length = uint256(bytes32(executionData[offset:offset + 0x20]));
        return executionData[offset + 0x20:offset + 0x20 + length];
    }
}
