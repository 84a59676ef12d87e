// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice A DELIBERATE PREVIEW EVADER, deployed only on Cairn's local demo chain to test that the
/// wallet's preview cannot be fooled. deposit() promises to send back what it is sent. It does so
/// when it believes it runs in a preview (a gas price of 0, as a simulation without fee fields
/// has; code at the sender, as a simulator placed at the sender's address has; a randomness of 0,
/// as eth_simulateV1 gives a block it builds without one; no hash for the block before, as geth's
/// eth_call gives under a block number override) or while its trap is off; otherwise it keeps the
/// coin. Its owner can switch the trap on while someone reviews a deposit. Never deploy it anywhere
/// else.
contract PreviewEvader {
    address public immutable owner;
    bool public armed;

    event Returned(address indexed to, uint256 amount);

    error NotOwner();
    error ReturnFailed();

    constructor(address owner_, bool armed_) {
        owner = owner_;
        armed = armed_;
    }

    /// The lure, as such pages word it.
    function instructions() external pure returns (string memory) {
        return "Send any amount to deposit(): it comes straight back. Check the preview!";
    }

    function deposit() external payable {
        bool looksLikePreview = tx.gasprice == 0 || msg.sender.code.length > 0 || block.prevrandao == 0
            || blockhash(block.number - 1) == bytes32(0);
        if (looksLikePreview || !armed) {
            (bool sent,) = msg.sender.call{value: msg.value}("");
            if (!sent) revert ReturnFailed();
            emit Returned(msg.sender, msg.value);
        }
    }

    function setArmed(bool armed_) external {
        if (msg.sender != owner) revert NotOwner();
        armed = armed_;
    }

    /// What it kept, to its owner.
    function withdraw() external {
        if (msg.sender != owner) revert NotOwner();
        (bool sent,) = owner.call{value: address(this).balance}("");
        if (!sent) revert ReturnFailed();
    }
}
