// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IPermit2Token {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// A stand-in for Uniswap's Permit2 allowance transfers on the local demo chain, written for Cairn
/// from Permit2's public interface (IAllowanceTransfer: the same function and event signatures and
/// the same rules for amounts and expiry), without its signature permits. Its code is placed at
/// Permit2's canonical address, so Cairn's approvals scan and revoke flows meet the real shapes.
contract DemoPermit2 {
    struct Allowed {
        uint160 amount;
        uint48 expiration;
        uint48 nonce;
    }

    struct TokenSpenderPair {
        address token;
        address spender;
    }

    mapping(address owner => mapping(address token => mapping(address spender => Allowed))) private allowed;

    event Approval(
        address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration
    );
    event Lockdown(address indexed owner, address token, address spender);

    error AllowanceExpired(uint256 deadline);
    error InsufficientAllowance(uint256 amount);

    function allowance(address user, address token, address spender)
        external
        view
        returns (uint160 amount, uint48 expiration, uint48 nonce)
    {
        Allowed storage entry = allowed[user][token][spender];
        return (entry.amount, entry.expiration, entry.nonce);
    }

    /// As Permit2: an expiration of 0 means "this block only" (stored as the block's time).
    function approve(address token, address spender, uint160 amount, uint48 expiration) external {
        Allowed storage entry = allowed[msg.sender][token][spender];
        entry.amount = amount;
        entry.expiration = expiration == 0 ? uint48(block.timestamp) : expiration;
        emit Approval(msg.sender, token, spender, amount, expiration);
    }

    function lockdown(TokenSpenderPair[] calldata approvals) external {
        for (uint256 i = 0; i < approvals.length; i++) {
            allowed[msg.sender][approvals[i].token][approvals[i].spender].amount = 0;
            emit Lockdown(msg.sender, approvals[i].token, approvals[i].spender);
        }
    }

    /// As Permit2: an unlimited (max uint160) allowance is not spent down, and no event is emitted.
    function transferFrom(address from, address to, uint160 amount, address token) external {
        Allowed storage entry = allowed[from][token][msg.sender];
        if (block.timestamp > entry.expiration) revert AllowanceExpired(entry.expiration);
        if (entry.amount != type(uint160).max) {
            if (amount > entry.amount) revert InsufficientAllowance(entry.amount);
            entry.amount -= amount;
        }
        require(IPermit2Token(token).transferFrom(from, to, amount), "token transfer failed");
    }
}
