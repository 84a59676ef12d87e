// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// A small ETH vault whose failures are custom errors with arguments, so a preview can show a
/// decoded error ("InsufficientBalance(available: 0, required: 1)") rather than raw bytes.
/// deposit() succeeds; withdraw(amount) beyond what was deposited reverts.
contract CustomErrors {
    mapping(address => uint256) public balanceOf;

    event Deposited(address indexed account, uint256 amount);
    event Withdrawn(address indexed account, uint256 amount);

    error InsufficientBalance(uint256 available, uint256 required);
    error ZeroAmount();
    error EthTransferFailed(address to, uint256 value);

    function deposit() external payable {
        if (msg.value == 0) revert ZeroAmount();
        balanceOf[msg.sender] += msg.value;
        emit Deposited(msg.sender, msg.value);
    }

    function withdraw(uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        uint256 available = balanceOf[msg.sender];
        if (amount > available) revert InsufficientBalance(available, amount);
        balanceOf[msg.sender] = available - amount;
        (bool ok,) = payable(msg.sender).call{value: amount}("");
        if (!ok) revert EthTransferFailed(msg.sender, amount);
        emit Withdrawn(msg.sender, amount);
    }
}
